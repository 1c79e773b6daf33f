import { portalName } from './core.ts'

/** The signed-in portal's frame: its menu, header, footer and the sign-out. */
export const shell = {
  portalName,
  menuLabel: 'Menu principal',
  /** The phone's menu button: one name, its state said by aria-expanded. */
  openMenu: 'Menu',
  dashboard: 'Tableau de bord',
  profile: 'Mon profil',
  updatePassword: 'Modifier le mot de passe',
  notifications: 'Notifications',
  unreadNotifications: (n: number) => (n === 0 ? 'Aucune notification non lue' : n === 1 ? '1 notification non lue' : `${n} notifications non lues`),
  clockLabel: 'Date et heure',
  kcodePrefix: 'Code : ',
  terms: "Conditions générales d'utilisation",
  footer: 'Tous droits réservés',
  skipToContent: 'Aller au contenu',
} as const
