// The profile form: username (read only), full name, e-mail, country code, phone, bio, avatar.
import { useState, type FormEvent } from 'react';
import { Card, Grid, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { profileFields } from '@fieldops/shared/account';
import { FormActions } from '../../../components/form-actions.tsx';
import { useFormState } from '../../../lib/form.ts';
import { pictureFileProblem } from '../../../lib/image-files.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useUpdateProfileMutation } from '../api/update-profile.ts';
import { AvatarPicker } from './avatar-picker.tsx';

export function ProfileForm() {
  const { t } = useTranslation();
  const { account, member, refresh } = useSession();
  const userId = account.id;
  const form = useFormState({
    name: member.fullName || account.fullName || '',
    email: member.email || account.email || '',
    countryCode: member.countryCode ?? account.countryCode ?? '',
    phone: member.phone ?? account.phone ?? '',
    bio: member.bio ?? account.bio ?? '',
  });
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const update = useUpdateProfileMutation();

  const chooseAvatar = async (file: File | null) => {
    const problem = file ? await pictureFileProblem(file) : null;
    setAvatarError(problem);
    setAvatar(problem ? null : file);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = form.validate(profileFields);
    // A refused picture stands until another is chosen or it is removed: saving now would say
    // the profile was saved beside it, without the picture the person meant to save.
    if (!fields || avatarError) return;
    update.mutate(
      { userId, update: { ...fields, avatar } },
      {
        onSuccess: () => {
          notifySuccess(t('messages.userUpdated'));
          setAvatar(null);
          void refresh();
        },
        onError: form.refused('updateProfileFailed'),
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" component="form" onSubmit={submit} noValidate>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <AvatarPicker
            name={form.values.name || account.username}
            currentUrl={account.avatar ?? member.avatar ?? member.imageUrl}
            file={avatar}
            error={avatarError}
            onChange={(file) => void chooseAvatar(file)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <TextInput label={t('profile.username')} value={account.username} readOnly variant="filled" />
            <TextInput label={t('profile.fullName')} autoComplete="name" required {...form.field('name')} />
            <TextInput label={t('profile.email')} type="email" autoComplete="email" required {...form.field('email')} />
            <Group align="flex-start" wrap="nowrap" gap="md">
              <TextInput
                label={t('profile.countryCode')}
                placeholder="+966"
                autoComplete="tel-country-code"
                dir="ltr"
                w={{ base: 110, xs: 150 }}
                {...form.field('countryCode')}
              />
              <TextInput label={t('profile.phone')} type="tel" autoComplete="tel-national" dir="ltr" style={{ flex: 1 }} {...form.field('phone')} />
            </Group>
            <Textarea label={t('profile.bio')} autosize minRows={3} maxRows={8} {...form.field('bio')} />
            <FormActions submitLabel={t('actions.save')} pending={update.isPending} icon={<IconDeviceFloppy size={18} />} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}
