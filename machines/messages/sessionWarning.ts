/** rulings §6.4: the dialog shown 60 seconds before the idle limit ends the session. */
export const sessionWarning = {
  title: 'Votre session va expirer',
  countdown: (seconds: number) => `Vous serez déconnecté dans ${seconds} secondes.`,
  stay: 'Rester connecté',
  leave: 'Se déconnecter',
  /** The keep-alive got no usable answer: the countdown goes on, the customer may try again. */
  stayFailed: "La session n'a pas pu être prolongée. Veuillez réessayer.",
} as const
