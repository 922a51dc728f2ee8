import { LegalPageLayout, type LegalSection } from './legal-page-layout.tsx';

const SECTIONS: LegalSection[] = [
  {
    id: 'who',
    title: 'Who is responsible',
    body: (
      <>
        <p>
          Spendguard is software that an organization runs on its own server. In this policy the
          <strong> operator</strong> is whoever runs the installation you are using — usually your employer or
          your own team. The operator decides who may sign in, where the server and its database live, and
          which outside services (SMTP, Slack, Stripe) are switched on. The operator is responsible for the
          data this installation holds.
        </p>
        <p>
          Spendguard, Inc. writes the software. Unless we run the installation you are using, we do not
          receive or see any of its data.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-store',
    title: 'What is stored',
    body: (
      <ul>
        <li>
          <strong>Your account:</strong> full name, e-mail address, a password hash (never the password
          itself), profile picture if you add one, time zone, plan and notification preferences.
        </li>
        <li>
          <strong>Your organization:</strong> its name, members, teams, roles and invitations.
        </li>
        <li>
          <strong>AWS cost and usage data:</strong> daily costs by account, service, region, usage type,
          charge type, resource ID and cost-allocation tag, read from your billing exports (CUR or FOCUS) or
          from the Cost Explorer API, plus files you upload by hand.
        </li>
        <li>
          <strong>EC2 inventory and CloudWatch metrics:</strong> instance IDs, types, states and regions, and
          daily CPU, network and (when published) memory figures used for idle and rightsizing findings.
        </li>
        <li>
          <strong>Alerts:</strong> budgets, thresholds, the alerts they raised, who acknowledged them, and the
          e-mail and Slack messages sent.
        </li>
        <li>
          <strong>Chat messages:</strong> what you write in the support chat and the replies, with their
          times.
        </li>
        <li>
          <strong>Page views:</strong> the path and query of each page you open, the referring page, your user
          ID when signed in, and the time. There is no fingerprinting and no third-party analytics script.
        </li>
      </ul>
    ),
  },
  {
    id: 'where',
    title: 'Where it is stored',
    body: (
      <p>
        Everything above lives in the operator's own database: an embedded PostgreSQL-compatible database in
        the server's data folder, or a PostgreSQL server the operator provides. Billing files are downloaded
        to a temporary file while they are read, then deleted. The server's request log records IP addresses
        and paths; the operator decides how long logs are kept.
      </p>
    ),
  },
  {
    id: 'aws-access',
    title: 'How AWS is accessed',
    body: (
      <>
        <p>
          Spendguard asks for a read-only IAM role in each AWS account you connect. The role can be assumed
          only by the AWS identity the operator's server runs as, and only with an External ID unique to your
          integration, which protects against the "confused deputy" problem. Its policy allows reading the
          billing export bucket, Cost Explorer, CloudWatch metrics and EC2 descriptions — nothing that
          creates, changes or deletes a resource.
        </p>
        <p>
          Spendguard does not store AWS access keys for your accounts. It receives short-lived credentials
          from AWS STS each time it reads, and you can revoke access at any moment by deleting the role.
        </p>
      </>
    ),
  },
  {
    id: 'what-leaves',
    title: 'What leaves the server',
    body: (
      <ul>
        <li>
          <strong>E-mail</strong> — alerts, digests, invitations and account messages go through the
          operator's SMTP server. Without one, they stay in an outbox inside the app.
        </li>
        <li>
          <strong>Slack</strong> — when someone connects a Slack workspace, alert messages (amounts, services,
          accounts and links) are posted to the channels they chose.
        </li>
        <li>
          <strong>Stripe</strong> — when the operator enables payments, Stripe processes card details on its
          own payment page. Spendguard stores the Stripe customer ID and subscription status, never card
          numbers.
        </li>
        <li>
          <strong>AWS</strong> — the server calls AWS APIs to read your data; it sends AWS nothing but those
          requests.
        </li>
      </ul>
    ),
  },
  {
    id: 'browser-storage',
    title: 'Cookies and local storage',
    body: (
      <p>
        Your session token is kept in your browser's local storage so you stay signed in between visits;
        signing out removes it. Spendguard sets no advertising or tracking cookies. Stripe's payment page,
        when you use it, sets its own cookies under Stripe's privacy policy.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'Retention and deletion',
    body: (
      <>
        <p>
          Data is kept while your account and organization exist. Removing an AWS integration deletes the cost
          data, inventory and metrics read through it. Deleting your account removes your personal data, your
          chat messages and your preferences; when the last owner of an organization deletes their account,
          the organization and all its data are deleted too.
        </p>
        <p>
          The operator's own backups follow the operator's backup schedule; ask them how long backups are
          kept.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your choices',
    body: (
      <p>
        You can read and correct your profile in Account Settings, unsubscribe from any alert with the link in
        each e-mail, disconnect Slack, remove integrations and delete your account. For a copy of your data or
        anything you cannot do yourself, ask the operator.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about an installation's data go to its operator. Questions about the software go to
        Spendguard, Inc., 10900 NE 8th Street, Suite 1000, Bellevue, WA 98004, or{' '}
        <a href="mailto:privacy@spendguard.io">privacy@spendguard.io</a>.
      </p>
    ),
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalPageLayout
      title="Privacy Policy"
      lastUpdated="2026-11-01"
      summary="Spendguard is self-hosted: your account, your organization and your AWS cost data are stored in the database of the server you run it on. This page says what is stored, what leaves that server and when, and how to delete it."
      sections={SECTIONS}
    />
  );
}
