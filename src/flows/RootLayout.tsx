import { Outlet } from '@tanstack/react-router'
import { Toaster } from '../ui/Toaster'

export function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  )
}
