import { createRootRoute, createRoute, createRouter, lazyRouteComponent, redirect, type RouterHistory } from '@tanstack/react-router'
import type { ModuleCode } from '../machines/shared/customer'
import { sessionStore } from './api/sessionStore'
import { RootLayout } from './flows/RootLayout'
import { NotFoundPage } from './flows/not-found/NotFoundPage'
import { AppNotFoundContent, granted } from './flows/access/AccessPages'
// Part of the app rather than lazy chunks (a chunk costs a request and its headers on a slow
// network): the two smallest public screens, and the shell and dashboard every sign-in opens —
// the sign-in page fetches the app while the customer types (src/signIn.tsx).
import { LandingPage } from './flows/landing/LandingPage'
import { LoginPage } from './flows/login/LoginPage'
import { Shell } from './flows/shell/Shell'
import { DashboardPage } from './flows/dashboard/DashboardPage'

const loadEverydayScreens = () => import('./flows/everydayScreens')

// Routes of spec §2 (REQ-ROUTE-01 public, REQ-ROUTE-02 /app). Every other screen is a lazy chunk: the first screen loads only what it shows.
const root = createRootRoute({ component: RootLayout })

const landing = createRoute({ getParentRoute: () => root, path: '/', component: LandingPage })
const home = createRoute({ getParentRoute: () => root, path: '/home', component: LandingPage })

const login = createRoute({
  getParentRoute: () => root,
  path: '/login',
  // spec §2 /login: a stored session goes straight to the dashboard.
  beforeLoad: () => {
    if (sessionStore.isSignedIn()) throw redirect({ to: '/app/dashboard', replace: true })
  },
  component: LoginPage,
})

const terms = createRoute({
  getParentRoute: () => root,
  path: '/conditions',
  component: lazyRouteComponent(() => import('./flows/terms/TermsPage'), 'TermsPage'),
})

// rulings §2, REQ-ROUTE-03: /change-password is the same screen as /app/update-password.
const changePassword = createRoute({
  getParentRoute: () => root,
  path: '/change-password',
  beforeLoad: () => {
    throw redirect({ to: '/app/update-password', replace: true })
  },
})

const app = createRoute({
  getParentRoute: () => root,
  path: '/app',
  // spec §6, REQ-ACCESS-01 (one role, the signed-in customer): every /app route needs a stored token, otherwise /login.
  beforeLoad: () => {
    if (!sessionStore.isSignedIn()) throw redirect({ to: '/login', replace: true })
  },
  component: Shell,
  // rulings §6.3, REQ-ROUTE-05: an unknown /app route is not found inside the shell, with the way back to the dashboard.
  notFoundComponent: AppNotFoundContent,
})

const appIndex = createRoute({
  getParentRoute: () => app,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/app/dashboard', replace: true })
  },
})

const dashboard = createRoute({
  getParentRoute: () => app,
  path: '/dashboard',
  component: DashboardPage,
})

const reinitPassword = createRoute({
  getParentRoute: () => root,
  path: '/reinit-password',
  component: lazyRouteComponent(() => import('./flows/pinReset/PinResetPage'), 'PinResetPage'),
})

// spec §6, rulings §6.3: a module's screen shows only to a customer granted that module; to any
// other, the shell says the service is not available.
const transferPage = (code: ModuleCode, name: 'AccountTransferPage' | 'MomoTransferPage' | 'CardTransferPage') =>
  granted(code, lazyRouteComponent(loadEverydayScreens, name))
const inApp = { getParentRoute: () => app }
const transfer = createRoute({ ...inApp, path: '/transfer', component: transferPage('transfert', 'AccountTransferPage') })
// Always available to a signed-in customer (spec §1).
const updatePassword = createRoute({
  ...inApp,
  path: '/update-password',
  component: lazyRouteComponent(() => import('./flows/passwordChange/PasswordChangePage'), 'PasswordChangePage'),
})
// rulings §9.5: the one /app screen open until the PIN a reset sent is changed (PinChangeGate, in the shell).
const newPin = createRoute({
  ...inApp,
  path: '/new-pin',
  component: lazyRouteComponent(() => import('./flows/temporaryPin/NewPinPage'), 'NewPinPage'),
})
// rulings §9.4 "Sessions et appareils", from the profile.
const sessions = createRoute({
  ...inApp,
  path: '/sessions',
  component: lazyRouteComponent(() => import('./flows/sessions/SessionsPage'), 'SessionsPage'),
})
const profile = createRoute({
  ...inApp,
  path: '/profile',
  component: lazyRouteComponent(() => import('./flows/profile/ProfilePage'), 'ProfilePage'),
})
const updateContact = createRoute({
  ...inApp,
  path: '/update-contact',
  component: lazyRouteComponent(() => import('./flows/contact/ContactPage'), 'ContactPage'),
})
const updatePicture = createRoute({
  ...inApp,
  path: '/update-picture',
  component: lazyRouteComponent(() => import('./flows/photo/PhotoPage'), 'PhotoPage'),
})
const notification = createRoute({
  ...inApp,
  path: '/notification',
  component: lazyRouteComponent(() => import('./flows/notifications/NotificationsPage'), 'NotificationsPage'),
})
// rulings §9.1 "Mes transferts": every signed-in customer (rulings §9 names no module for it).
const myTransfers = createRoute({
  ...inApp,
  path: '/transfers',
  component: lazyRouteComponent(() => import('./flows/myTransfers/MyTransfersPage'), 'MyTransfersPage'),
})
const balance = createRoute({
  ...inApp,
  path: '/balance',
  component: granted('solde', lazyRouteComponent(loadEverydayScreens, 'BalancePage')),
})
const statement = createRoute({
  ...inApp,
  path: '/statement',
  component: granted(
    'statement',
    lazyRouteComponent(() => import('./flows/statement/StatementPage'), 'StatementPage'),
  ),
})
const momo = createRoute({ ...inApp, path: '/momo', component: transferPage('mobile-money', 'MomoTransferPage') })
const prepaidCard = createRoute({
  ...inApp,
  path: '/prepaid-card',
  component: transferPage('card-visa', 'CardTransferPage'),
})

const routeTree = root.addChildren([
  landing,
  home,
  login,
  reinitPassword,
  terms,
  changePassword,
  app.addChildren([
    appIndex,
    dashboard,
    balance,
    statement,
    transfer,
    momo,
    prepaidCard,
    updatePassword,
    profile,
    updateContact,
    updatePicture,
    notification,
    myTransfers,
    newPin,
    sessions,
  ]),
])

/**
 * The router over a given history: the page's own address in the browser, an address in memory
 * when the build prerenders a public page (src/prerender.tsx) — the same routes either way.
 */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    defaultNotFoundComponent: NotFoundPage,
    defaultPreload: 'intent',
    ...(history && { history }),
  })
}

export const router = createAppRouter()

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
