import { LegalPageLayout, type LegalSection } from './legal-page-layout.tsx';

const SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Who these terms are between',
    body: (
      <p>
        These terms apply between Spendguard, Inc. ("we") and the organization that installs and runs
        Spendguard (the "operator"), and to every person the operator lets sign in. By installing Spendguard
        or creating an account you accept them. If you accept on behalf of a company, you confirm you may bind
        it.
      </p>
    ),
  },
  {
    id: 'license',
    title: 'License to use the software',
    body: (
      <>
        <p>
          We grant the operator a non-exclusive, non-transferable license to install and run Spendguard on
          servers it controls, for its own organization's internal use, on the Free plan or on a Business plan
          it has paid for.
        </p>
        <p>
          You may not resell Spendguard as a hosted service to third parties, remove or bypass plan limits or
          license checks, or use the software to access AWS accounts you are not authorized to read.
        </p>
      </>
    ),
  },
  {
    id: 'operator',
    title: "The operator's responsibilities",
    body: (
      <ul>
        <li>Keep the server, its database and its backups secure and up to date.</li>
        <li>
          Connect only AWS accounts it is entitled to read, using the read-only role Spendguard provides, and
          keep each integration's External ID private.
        </li>
        <li>Decide who may sign in, and remove people who should no longer have access.</li>
        <li>
          Configure e-mail, Slack and payments correctly, and comply with the laws that apply to the data it
          holds, including telling its own users how their data is handled.
        </li>
      </ul>
    ),
  },
  {
    id: 'accuracy',
    title: 'Cost figures and alerts',
    body: (
      <>
        <p>
          Spendguard computes costs from the data AWS provides: billing exports and the Cost Explorer API. AWS
          updates and restates that data during the month and after it closes, and some charges (taxes,
          credits, refunds, Marketplace fees) arrive late. Figures, forecasts, anomaly findings and
          rightsizing suggestions are therefore estimates.
        </p>
        <p>
          <strong>Your AWS invoice is the authoritative record of what you owe.</strong> We make no warranty
          that Spendguard's figures are more accurate or timely than AWS's own data, or that an alert will
          fire before a given amount is spent. Review rightsizing suggestions before acting on them.
        </p>
      </>
    ),
  },
  {
    id: 'payment',
    title: 'Business plan payment',
    body: (
      <>
        <p>
          Business monthly is billed every month and Business yearly every year, in advance, in US dollars, by
          card through Stripe. Prices exclude taxes, which are added where the law requires. A Business trial
          lasts 14 days; at its end the organization moves to the plan chosen or back to Free.
        </p>
        <p>
          If a payment fails, Stripe retries it. If it still fails, the organization returns to the Free plan
          limits; no data is deleted because of a failed payment. We announce price changes at least 30 days
          before they apply to your next renewal.
        </p>
      </>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancellation',
    body: (
      <p>
        You can cancel a Business plan at any time from the Billing page. It stays active until the end of the
        period already paid and then moves to Free; we do not refund partial periods unless the law requires
        it. You can stop using Spendguard at any time by deleting your account or uninstalling it. We may end
        a license that is used in breach of these terms after telling the operator and giving it a reasonable
        time to fix the breach.
      </p>
    ),
  },
  {
    id: 'warranty',
    title: 'No warranty',
    body: (
      <p>
        Spendguard is provided "as is" and "as available". To the extent the law allows, we disclaim all
        warranties, express or implied, including merchantability, fitness for a particular purpose and
        non-infringement. Because the operator runs the software, its availability depends on the operator's
        infrastructure.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <p>
        To the extent the law allows, neither party is liable for indirect, incidental or consequential
        damages, lost profits or lost data, and our total liability for any claim is limited to the amount the
        operator paid us for Spendguard in the twelve months before the claim. In particular we are not liable
        for AWS charges, whether or not Spendguard alerted you about them.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and governing law',
    body: (
      <p>
        We may update these terms; the date at the top shows the latest version, and material changes are
        announced in the app at least 30 days ahead. These terms are governed by the laws of the State of
        Washington, USA, and disputes go to the courts of King County, Washington.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Spendguard, Inc., 10900 NE 8th Street, Suite 1000, Bellevue, WA 98004 —{' '}
        <a href="mailto:legal@spendguard.io">legal@spendguard.io</a>.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPageLayout
      title="Terms and Conditions"
      lastUpdated="2026-11-01"
      summary="The rules for using Spendguard: what the license allows, what the operator who runs it is responsible for, how Business plans are paid and cancelled, and what we do and do not promise about cost figures."
      sections={SECTIONS}
    />
  );
}
