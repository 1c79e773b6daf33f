/** The terms page linked from the footer of every signed-in screen. */
export const terms = {
  title: "Conditions générales d'utilisation",
  paragraphs: [
    "Le service de banque en ligne vous permet de consulter vos comptes et d'effectuer des opérations 24 heures sur 24.",
    'Votre code utilisateur et votre code pin sont personnels : ne les communiquez jamais, pas même à un agent de la banque.',
    'Chaque transfert est confirmé par un code envoyé par SMS et par e-mail ; sans ce code, le transfert est annulé.',
    "Votre session se ferme après 5 minutes d'inactivité. Pensez à vous déconnecter sur un appareil partagé.",
  ],
  back: 'Retour',
} as const
