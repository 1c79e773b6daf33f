import { Outlet } from '@tanstack/react-router'
import { useToasts } from '../ui/toasts'
import { useOverlays } from './useOverlays'

export function RootLayout() {
  // The toasts (Radix Toast, in the lazy overlays chunk) are rendered while there are some.
  const hasToasts = useToasts().length > 0
  const overlays = useOverlays(hasToasts)
  return (
    <>
      <Outlet />
      {overlays && hasToasts && <overlays.Toaster />}
    </>
  )
}
