import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { canSubmitEmail, emailFieldError } from '../../../lib/email-field.ts';
import { useSignIn } from '../api/sign-in.ts';
import { AuthCard } from './auth-card.tsx';

export function SignInPage() {
  const signIn = useSignIn();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validateInputOnBlur: ['email'],
    validate: {
      email: emailFieldError,
      password: (value) => (value ? null : 'Enter your password.'),
    },
  });
  const emailValid = canSubmitEmail(form.values.email);

  return (
    <AuthCard
      title="Sign in"
      subtitle={
        <>
          New to Spendguard?{' '}
          <Anchor component={Link} to="/sign-up">
            Create an account
          </Anchor>
        </>
      }
    >
      <form onSubmit={form.onSubmit((values) => signIn.mutate(values))} noValidate>
        <Stack>
          {signIn.isError && (
            <Alert color="red" title="Could not sign in">
              {rejectionMessage(signIn.error)}
            </Alert>
          )}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="space-between">
            <Anchor component={Link} to="/sign-in/reset" size="sm">
              Forgot your password?
            </Anchor>
            <Button type="submit" loading={signIn.isPending} disabled={!emailValid}>
              Sign in
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
