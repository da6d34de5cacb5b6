import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Alert, Anchor, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { loginSchema, type LoginInput } from '@parceldesk/shared/schemas/sign-in';
import { PasswordField } from '../../../components/ui/password-field';

interface LoginFormProps {
  onSubmit: (values: LoginInput) => Promise<void>;
  /** The failure of the last attempt, shown under the form (spec section 4, login form states). */
  error: string | null;
  onForgotPassword: () => void;
  withRememberMe?: boolean;
}

/** Email and password, shared by the four sign-in portals; validation messages come from loginSchema. */
export function LoginForm({ onSubmit, error, onForgotPassword, withRememberMe = false }: LoginFormProps) {
  const { register, handleSubmit, formState } = useForm<z.input<typeof loginSchema>, unknown, LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const { errors, isSubmitting } = formState;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <TextInput label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <Group justify={withRememberMe ? 'space-between' : 'flex-end'} wrap="nowrap">
          {withRememberMe && <Checkbox label="Remember me" {...register('rememberMe')} />}
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth disabled={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
        {error && (
          <Alert role="alert" color="red" variant="light">
            {error}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
