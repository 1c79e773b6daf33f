/**
 * The chunks a signed-in customer needs first: the shell and the dashboard. The router loads them
 * through these functions, and the login screen calls `prefetchSignedIn` as soon as the customer
 * starts on the form, so that on a slow network they arrive while the customer types and the
 * sign-in lands on a usable dashboard without another wait. The same `import()` either way: the
 * browser fetches each chunk once.
 */
export const loadShell = () => import('./shell/Shell')
export const loadDashboard = () => import('./dashboard/DashboardPage')

let started = false

export function prefetchSignedIn(): void {
  if (started) return
  started = true
  // A failed prefetch is not an error: the router fetches again on navigation and reports there.
  loadShell().catch(() => (started = false))
  loadDashboard().catch(() => (started = false))
}
