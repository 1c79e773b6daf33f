import { Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { useToasts } from '../ui/toasts'

// Radix Toast is loaded with the first toast: the first screen does not pay for it.
const Toaster = lazy(() => import('../ui/Toaster').then((m) => ({ default: m.Toaster })))

export function RootLayout() {
  const hasToasts = useToasts().length > 0
  return (
    <>
      <Outlet />
      {hasToasts && (
        <Suspense>
          <Toaster />
        </Suspense>
      )}
    </>
  )
}
