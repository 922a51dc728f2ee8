/** Header links: the signed-in main screens, and the landing sections a visitor jumps to. */
export const MAIN_LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/launches', label: 'Launches' },
  { to: '/aws-integration', label: 'AWS Integrations' },
  { to: '/ec2-rightsizing-recommendation', label: 'Recommendations' },
  { to: '/commitments', label: 'Commitments' },
  { to: '/notification', label: 'Notifications' },
] as const;

export const VISITOR_ANCHORS = [
  { href: '/#about', label: 'How It Works' },
  { href: '/#features', label: 'Features' },
  { href: '/#pricing', label: 'Pricing' },
] as const;
