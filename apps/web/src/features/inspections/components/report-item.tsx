// One action of the report: the question and, as the member gave it, the answer in words (a number
// with its unit and an out-of-range mark), the notes, the flag, a mark when it was given outside
// the site, photos as thumbnails that open the full file, the signature as drawn and voice notes
// as links. An instruction shows its text and its picture as the task version had it; an action
// asked but not answered says so.
import { useId } from 'react';
import { Anchor, Badge, Group, Paper, Rating, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFlag, IconMapPinOff, IconMicrophone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActionResult } from '@fieldops/shared/answers';
import { RATING_MAX, answerValueText } from '../../../components/answer-view/answer-text.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedDescription, localizedName } from '../../../lib/localized.ts';
import { isOutOfRange, type ReportItem } from './report-model.ts';

const THUMBNAIL = { inline: 160, block: 120 };

export function ReportItemView({ item }: { item: ReportItem }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const labelId = useId();
  const { action, answer } = item;
  const name = localizedName(action, language) || t('inspections.untitledAction');
  const description = localizedDescription(action, language);
  const outside = isOutOfRange(item);

  if (action.type === 'INSTRUCTION') {
    return (
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby={labelId} bg="var(--mantine-color-gray-0)">
        <Text id={labelId} fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        {description ? (
          <Text size="sm" mt={4} dir="auto" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {description}
          </Text>
        ) : null}
        {action.image ? (
          <a href={action.image} target="_blank" rel="noopener noreferrer" style={{ display: 'inline-block', inlineSize: 'fit-content', marginBlockStart: 8 }}>
            <img
              src={action.image}
              alt={name}
              loading="lazy"
              style={{ display: 'block', maxInlineSize: '100%', inlineSize: 320, blockSize: 'auto', borderRadius: 4 }}
            />
          </a>
        ) : null}
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={labelId} style={{ breakInside: 'avoid' }}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text id={labelId} fw={600} dir="auto" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {name}
          </Text>
          <Group gap={6} style={{ flexShrink: 0 }}>
            {outside ? (
              <Badge color="orange" variant="light" leftSection={<IconAlertTriangle size={12} />}>
                {t('inspections.item.outOfRange')}
              </Badge>
            ) : null}
            {answer?.outside ? (
              <Badge color="orange" variant="light" leftSection={<IconMapPinOff size={12} />}>
                {t('inspections.item.outside')}
              </Badge>
            ) : null}
            {answer?.isFlagged ? (
              <Badge color="red" variant="light" leftSection={<IconFlag size={12} />}>
                {t('inspections.item.flagged')}
              </Badge>
            ) : null}
          </Group>
        </Group>
        {answer ? (
          <AnswerContent answer={answer} name={name} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('inspections.item.noAnswer')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function AnswerContent({ answer, name }: { answer: ActionResult; name: string }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const text = answerValueText(answer, language, t);
  const signature = answer.action.type === 'SIGNATURE';
  const nothing = text === null && !answer.file && !answer.voice;
  return (
    <Stack gap="xs">
      {text !== null ? (
        <Group gap="xs">
          {answer.action.type === 'RATING' && typeof answer.value === 'number' ? (
            <Rating value={answer.value} count={RATING_MAX} readOnly size="sm" aria-hidden />
          ) : null}
          <Text size="sm" fw={500} dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {text}
          </Text>
        </Group>
      ) : null}
      {nothing ? (
        <Text size="sm" c="dimmed">
          {t('inspections.item.noAnswer')}
        </Text>
      ) : null}
      {answer.file && signature ? (
        <img
          src={answer.file}
          alt={t('inspections.item.signatureOf', { name })}
          style={{ inlineSize: 240, maxInlineSize: '100%', background: 'white', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
        />
      ) : null}
      {answer.file && !signature ? (
        <a href={answer.file} target="_blank" rel="noopener noreferrer" style={{ display: 'inline-block', inlineSize: 'fit-content' }}>
          <img
            src={answer.file}
            alt={t('inspections.item.photoOf', { name })}
            loading="lazy"
            width={THUMBNAIL.inline}
            height={THUMBNAIL.block}
            style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
          />
        </a>
      ) : null}
      {answer.voice ? (
        <Anchor href={answer.voice} target="_blank" rel="noopener noreferrer" size="sm">
          <Group gap={4} wrap="nowrap" component="span">
            <IconMicrophone size={14} aria-hidden />
            {t('inspections.item.voiceOf', { name })}
          </Group>
        </Anchor>
      ) : null}
      {answer.notes ? (
        <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <Text span size="sm" fw={600} c="dimmed">
            {t('inspections.item.notes')}
          </Text>{' '}
          {answer.notes}
        </Text>
      ) : null}
    </Stack>
  );
}
