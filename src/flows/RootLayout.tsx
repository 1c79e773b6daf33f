import { Outlet } from '@tanstack/react-router'
import { Toaster } from '../ui/Toaster'
import { useToasts } from '../ui/toasts'

export function RootLayout() {
  const hasToasts = useToasts().length > 0
  return (
    <>
      <Outlet />
      {hasToasts && <Toaster />}
    </>
  )
}
