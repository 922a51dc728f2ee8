import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { passwordProblem } from '../../../../domain/account-rules.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { canSubmitEmail, emailFieldError } from '../../../lib/email-field.ts';
import { useSignUp } from '../api/sign-up.ts';

/** Name, e-mail and password. Answering an invitation, the e-mail is the invited one and cannot change. */
export function SignUpForm({ invitation }: { invitation?: { code: string; email: string } }) {
  const signUp = useSignUp();
  const form = useForm({
    mode: 'controlled',
    initialValues: { fullname: '', email: invitation?.email ?? '', password: '' },
    validateInputOnBlur: true,
    validate: {
      fullname: (value) => (value.trim() ? null : 'Enter your full name.'),
      email: emailFieldError,
      password: (value) => passwordProblem(value),
    },
  });
  // Submit stays disabled until the e-mail is non-empty and valid.
  const emailValid = canSubmitEmail(form.values.email);

  return (
    <form
      onSubmit={form.onSubmit((values) =>
        signUp.mutate({
          ...values,
          email: invitation?.email ?? values.email,
          invitation: invitation?.code,
        }),
      )}
      noValidate
    >
      <Stack>
        {signUp.isError && (
          <Alert color="red" title="Could not create the account">
            {rejectionMessage(signUp.error)}
          </Alert>
        )}
        <TextInput label="Full name" autoComplete="name" required {...form.getInputProps('fullname')} />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          readOnly={Boolean(invitation)}
          variant={invitation ? 'filled' : 'default'}
          rightSection={invitation ? <IconLock size={16} aria-hidden /> : undefined}
          description={invitation ? 'The address the invitation was sent to.' : undefined}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          description="At least 10 characters, mixing letters with digits, capitals or symbols."
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={signUp.isPending} disabled={!emailValid}>
          {invitation ? 'Create account and join' : 'Create account'}
        </Button>
        <Text size="xs" c="dimmed">
          By creating an account you accept the{' '}
          <Anchor component={Link} to="/terms-and-conditions" size="xs">
            terms
          </Anchor>{' '}
          and the{' '}
          <Anchor component={Link} to="/privacy-policy" size="xs">
            privacy policy
          </Anchor>
          .
        </Text>
      </Stack>
    </form>
  );
}
