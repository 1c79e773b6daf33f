import { createRootRoute, createRoute, createRouter, lazyRouteComponent, notFound, redirect } from '@tanstack/react-router'
import type { ModuleCode } from '../machines/login'
import { sessionStore } from './session/storage'
import { RootLayout } from './flows/RootLayout'
import { NotFoundContent, NotFoundPage } from './flows/not-found/NotFoundPage'
import { loadDashboard, loadShell } from './flows/signedInChunks'

// Routes of spec §2. Every screen is a lazy chunk: the first screen loads only what it shows.
const root = createRootRoute({ component: RootLayout })

const landingPage = lazyRouteComponent(() => import('./flows/landing/LandingPage'), 'LandingPage')
const landing = createRoute({ getParentRoute: () => root, path: '/', component: landingPage })
const home = createRoute({ getParentRoute: () => root, path: '/home', component: landingPage })

const login = createRoute({
  getParentRoute: () => root,
  path: '/login',
  // spec §2 /login: a stored session goes straight to the dashboard.
  beforeLoad: () => {
    if (sessionStore.isSignedIn()) throw redirect({ to: '/app/dashboard', replace: true })
  },
  component: lazyRouteComponent(() => import('./flows/login/LoginPage'), 'LoginPage'),
})

const terms = createRoute({
  getParentRoute: () => root,
  path: '/conditions',
  component: lazyRouteComponent(() => import('./flows/terms/TermsPage'), 'TermsPage'),
})

// rulings §2: /change-password is the same screen as /app/update-password.
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
  // spec §6: every /app route needs a stored token, otherwise /login.
  beforeLoad: () => {
    if (!sessionStore.isSignedIn()) throw redirect({ to: '/login', replace: true })
  },
  component: lazyRouteComponent(loadShell, 'Shell'),
  notFoundComponent: NotFoundContent,
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
  component: lazyRouteComponent(loadDashboard, 'DashboardPage'),
})

const reinitPassword = createRoute({
  getParentRoute: () => root,
  path: '/reinit-password',
  component: lazyRouteComponent(() => import('./flows/pin-reset/PinResetPage'), 'PinResetPage'),
})

// spec §6: a module's screen exists only for a customer granted that module.
const requireModule = (code: ModuleCode) => () => {
  if (!sessionStore.user()?.modules.includes(code)) throw notFound()
}
const transferPage = (name: 'AccountTransferPage' | 'MomoTransferPage' | 'CardTransferPage') =>
  lazyRouteComponent(() => import('./flows/transfer/TransferPage'), name)
const inApp = { getParentRoute: () => app }
const transfer = createRoute({ ...inApp, path: '/transfer', beforeLoad: requireModule('transfert'), component: transferPage('AccountTransferPage') })
// Always available to a signed-in customer (spec §1).
const updatePassword = createRoute({
  ...inApp,
  path: '/update-password',
  component: lazyRouteComponent(() => import('./flows/password/PasswordChangePage'), 'PasswordChangePage'),
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
const balance = createRoute({
  ...inApp,
  path: '/balance',
  beforeLoad: requireModule('solde'),
  component: lazyRouteComponent(() => import('./flows/balance/BalancePage'), 'BalancePage'),
})
const statement = createRoute({
  ...inApp,
  path: '/statement',
  beforeLoad: requireModule('statement'),
  component: lazyRouteComponent(() => import('./flows/statement/StatementPage'), 'StatementPage'),
})
const momo = createRoute({ ...inApp, path: '/momo', beforeLoad: requireModule('mobile-money'), component: transferPage('MomoTransferPage') })
const prepaidCard = createRoute({
  ...inApp,
  path: '/prepaid-card',
  beforeLoad: requireModule('card-visa'),
  component: transferPage('CardTransferPage'),
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
  ]),
])

export const router = createRouter({
  routeTree,
  defaultNotFoundComponent: NotFoundPage,
  defaultPreload: 'intent',
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}
