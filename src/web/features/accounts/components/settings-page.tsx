import { Alert, Stack } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useSession } from '../../../lib/session.tsx';
import { MAIL_DELIVERY_KEY } from '../api/sign-up.ts';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { EmailSection } from './email-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';

export function SettingsPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <PageContainer size="md">
      <ScreenHeader
        title="Account settings"
        description="Your name, picture, e-mail, time zone and password."
      />
      <Stack gap="lg">
        {!user.email_verified && (
          <Alert color="yellow" icon={<IconMailExclamation />} title="Verify your e-mail to continue">
            {window.sessionStorage.getItem(MAIL_DELIVERY_KEY) === 'outbox'
              ? `This server has no mail server configured, so the link for ${user.email} is in the operator's outbox (its address is in the server log). Until you follow it, only this page is available.`
              : `We sent a link to ${user.email}. Until you follow it, only this page is available.`}
          </Alert>
        )}
        <ProfileSection user={user} />
        <EmailSection user={user} />
        <PasswordSection user={user} />
        <DeleteAccountSection user={user} />
      </Stack>
    </PageContainer>
  );
}
