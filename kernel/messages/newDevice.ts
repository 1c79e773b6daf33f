/**
 * rulings §9.4 (issue 27) — a sign-in from a device or an address the bank has not seen for this
 * customer: the notification, the SMS and the e-mail that tell her (written by the server, shown in
 * "Mes notifications" and sent as a PIN block's alerts are). `device` is "Chrome 131 sur Windows"
 * (newDevice.device) or newDevice.unknownDevice; `when` the bank's "21 novembre 2026 à 14:03".
 */
export const newDevice = {
  /** How the notice names the browser and the system read from the User-Agent. */
  device: (browser: string, system: string | undefined) => (system ? `${browser} sur ${system}` : browser),
  /** The User-Agent said nothing the server could read. */
  unknownDevice: 'un navigateur non reconnu',
  title: 'Connexion depuis un nouvel appareil',
  content: ({ when, device, address, bank }: { when: string; device: string; address: string; bank: string }) =>
    `Une connexion à votre banque en ligne a eu lieu le ${when} depuis ${device} (adresse ${address}). C'est la première connexion depuis cet appareil ou cette adresse. ` +
    `Si vous n'en êtes pas l'auteur, fermez cette session dans « Sessions et appareils » de votre profil, changez votre code pin et contactez ${bank}.`,
  sms: ({ when, device, address, bank }: { when: string; device: string; address: string; bank: string }) =>
    `${bank} : nouvelle connexion le ${when} depuis ${device} (${address}). Si ce n'est pas vous, changez votre code pin et contactez-nous.`,
  emailSubject: 'Connexion depuis un nouvel appareil',
  email: ({ name, when, device, address, bank }: { name: string; when: string; device: string; address: string; bank: string }) =>
    `Bonjour ${name},\n\nUne connexion à votre banque en ligne a eu lieu le ${when} depuis ${device} (adresse ${address}), ` +
    `la première depuis cet appareil ou cette adresse.\n\n` +
    `Si vous en êtes l'auteur, vous n'avez rien à faire. Sinon, fermez cette session dans « Sessions et appareils » de votre profil, ` +
    `changez votre code pin et contactez ${bank}.\n\n${bank}`,
} as const
