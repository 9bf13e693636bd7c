// Sign-in form: username or e-mail, password, remember me (spec §2 Login).
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MSG } from '@fieldops/shared/messages';
import { PasswordField } from '../../../components/password-field.tsx';
import { errorMessage, translateMessage } from '../../../lib/i18n/translate-message.ts';
import { setToken } from '../../../lib/storage.ts';
import { useAuthenticateMutation } from '../api/authenticate.ts';

interface LoginFormProps {
  initialUsername?: string;
  onSignedIn: () => void;
}

export function LoginForm({ initialUsername = '', onSignedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const signIn = useAuthenticateMutation();
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    signIn.mutate(
      { username: username.trim(), password, rememberMe },
      {
        onSuccess: ({ id_token }) => {
          // Nothing cached for a previous user may leak into this session.
          queryClient.clear();
          setToken(id_token);
          onSignedIn();
        },
      },
    );
  };

  const error = missing
    ? translateMessage(MSG.usernameOrPasswordMissing)
    : signIn.isError
      ? errorMessage(signIn.error)
      : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label={t('login.username')}
          placeholder={t('login.usernamePlaceholder')}
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          autoFocus={!initialUsername}
        />
        <PasswordField
          label={t('login.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          autoFocus={Boolean(initialUsername)}
        />
        <Checkbox
          label={t('login.rememberMe')}
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.currentTarget.checked)}
        />
        <Button type="submit" fullWidth loading={signIn.isPending}>
          {t('actions.signIn')}
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to="/onboarding" fw={600}>
            {t('actions.createBusiness')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
