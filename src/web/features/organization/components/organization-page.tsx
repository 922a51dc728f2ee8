import { Grid, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { managesOrganization } from '../../../../domain/organization-roles.ts';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { RowsSkeleton, SectionError } from '../../../components/section-states.tsx';
import { useSession } from '../../../lib/session.tsx';
import { useOrganization } from '../api/get-organization.ts';
import { AcceptInvitationCard } from './accept-invitation-card.tsx';
import { InviteMembersForm } from './invite-members-form.tsx';
import { MembersTable } from './members-table.tsx';
import { MyCostScopeCard } from './my-cost-scope-card.tsx';
import { OrganizationNameCard } from './organization-name-card.tsx';
import { PendingInvitations } from './pending-invitations.tsx';
import { TeamsCard } from './teams-card.tsx';

/** /organization: its name, members and roles, invitations and teams. */
export function OrganizationPage() {
  const organization = useOrganization();
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const invitationCode = searchParams.get('invitation');
  const manages = organization.isSuccess && managesOrganization(organization.data.my_role);

  return (
    <PageContainer>
      <ScreenHeader
        title={organization.data?.name ?? 'Organization'}
        description="The people of your organization, their roles and teams."
      />
      <Stack gap="lg">
        {invitationCode && (
          <AcceptInvitationCard
            code={invitationCode}
            onClose={() => setSearchParams({}, { replace: true })}
          />
        )}
        {organization.isError && <SectionError what="your organization" error={organization.error} />}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              {organization.isPending && <RowsSkeleton rows={4} label="members" />}
              {organization.isSuccess && (
                <MembersTable organization={organization.data} myUserId={user?.user_id ?? ''} />
              )}
              {manages && <InviteMembersForm myRole={organization.data.my_role} />}
              {manages && <PendingInvitations />}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              {organization.isSuccess && <OrganizationNameCard organization={organization.data} />}
              <TeamsCard manages={manages} />
              <MyCostScopeCard />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </PageContainer>
  );
}
