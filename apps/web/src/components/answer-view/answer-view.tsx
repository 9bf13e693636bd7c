// Shows one answer (action result) the way managers read it. Usage:
//   <AnswerView answer={result} />                  value in words, photo, voice, notes, badges
//   <AnswerView answer={result} withNotes={false} /> the same without the notes (compact lists)
//   <AnswerBadges answer={result} />                 only the location / override / flagged / ticket marks
//   <AnswerByline answer={result} />                 "member · site · date and time" (business time zone)
// `answerValueText(answer, language, t)` (answer-text.ts) gives the value as plain words, and
// `AnswerDetailDrawer` (answer-detail-drawer.tsx) opens one answer with its notes and history.
import { Fragment, useState } from 'react';
import { Anchor, Badge, Group, Image, Modal, Rating, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCameraExclamation, IconClockHour4, IconFlag, IconMapPinCheck, IconMapPinOff, IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deliveryDelayMinutes, type ActionResult } from '@fieldops/shared/answers';
import { PHOTO_TIME_MISMATCH_MINUTES } from '@fieldops/shared/photo-time';
import { useBusinessTime } from '../../lib/business-time.ts';
import { formatNumber } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { localizedName } from '../../lib/localized.ts';
import { paths } from '../../lib/paths.ts';
import { RATING_MAX, answerValueText } from './answer-text.ts';

interface AnswerViewProps {
  answer: ActionResult;
  /** Shows the member's notes under the value (default true). */
  withNotes?: boolean;
  /** Shows the outside-geofence, flagged and ticket marks (default true). */
  withBadges?: boolean;
}

export function AnswerView({ answer, withNotes = true, withBadges = true }: AnswerViewProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const text = answerValueText(answer, language, t);
  const hasMedia = Boolean(answer.file || answer.voice);
  return (
    <Stack gap="xs">
      {answer.action.type === 'RATING' && typeof answer.value === 'number' ? (
        <Group gap="xs">
          <Rating value={answer.value} count={RATING_MAX} readOnly size="sm" aria-hidden />
          <Text size="sm">{text}</Text>
        </Group>
      ) : text !== null ? (
        <Text size="sm" fw={500} dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Text>
      ) : !hasMedia ? (
        <Text size="sm" c="dimmed">
          {t('answerView.noValue')}
        </Text>
      ) : null}
      {answer.file ? (
        <AnswerPhoto url={answer.file} actionName={localizedName(answer.action, language)} signature={answer.action.type === 'SIGNATURE'} />
      ) : null}
      {answer.voice ? <audio controls preload="none" src={answer.voice} aria-label={t('answerView.voice')} style={{ maxInlineSize: '100%' }} /> : null}
      {withNotes && answer.notes ? (
        <Text size="sm" c="dimmed" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <Text span size="sm" fw={500} c="dimmed">
            {t('answerView.notesLabel')}
          </Text>{' '}
          {answer.notes}
        </Text>
      ) : null}
      {withBadges ? <AnswerBadges answer={answer} /> : null}
    </Stack>
  );
}

/**
 * Who answered, where and when: "Omar Haddad · Tower A · Mar 14, 2025, 10:30 AM", the time in
 * the business's time zone as the tracker shows it. Each part is its own element with its own
 * direction, laid out in the page's direction, so an English site name beside an Arabic member
 * name (or a time) cannot reorder the line.
 */
export function AnswerByline({ answer }: { answer: ActionResult }) {
  const { t } = useTranslation();
  const time = useBusinessTime();
  // An answer that waited on the device says when it was taken and when it arrived.
  const delayed = deliveryDelayMinutes(answer) !== null;
  const parts = delayed
    ? [
        answer.userFullName,
        answer.teamName,
        t('answerView.takenAt', { time: time.dateTime(answer.capturedAt) }),
        t('answerView.arrivedAt', { time: time.dateTime(answer.createdDate) }),
      ]
    : [answer.userFullName, answer.teamName, time.dateTime(answer.createdDate)];
  return (
    <Group gap={6} wrap="wrap">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? (
            <Text span size="xs" c="dimmed" aria-hidden>
              ·
            </Text>
          ) : null}
          <Text component="bdi" size="xs" c="dimmed">
            {part}
          </Text>
        </Fragment>
      ))}
    </Group>
  );
}

/**
 * Not counted for its location (outside the site area, or its location unverified), or counted
 * by a supervisor's override (who, when and why, in words), a photo whose own data gives another
 * time than the answer's, flagged, and the link to the ticket raised from it.
 */
export function AnswerBadges({ answer }: { answer: ActionResult }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const time = useBusinessTime();
  const override = answer.override ?? null;
  const delay = deliveryDelayMinutes(answer);
  const otherTime = answer.photoTimeMismatch === true;
  if (!answer.outside && !override && !answer.isFlagged && answer.ticketId === null && delay === null && !otherTime) return null;
  const unverified = answer.locationStatus === 'UNVERIFIED';
  return (
    <Group gap="xs">
      {answer.outside ? (
        <Tooltip label={t(unverified ? 'answerView.unverifiedHint' : 'answerView.outsideHint')} withArrow multiline maw={260}>
          <Badge color="orange" variant="light" leftSection={<IconMapPinOff size={12} />}>
            {t(unverified ? 'answerView.unverified' : 'answerView.outside')}
          </Badge>
        </Tooltip>
      ) : null}
      {override ? (
        <>
          <Badge color="teal" variant="light" leftSection={<IconMapPinCheck size={12} />}>
            {t('answerView.overridden')}
          </Badge>
          <Text size="xs" c="dimmed" dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {t('answerView.overriddenBy', {
              name: override.userFullName ?? t('answerView.formerMember'),
              time: time.dateTime(override.at),
              reason: override.reason,
            })}
          </Text>
        </>
      ) : null}
      {delay !== null ? (
        <Tooltip label={t('answerView.arrivedLaterHint')} withArrow multiline maw={260}>
          <Badge color="gray" variant="light" leftSection={<IconClockHour4 size={12} />}>
            {t('answerView.arrivedLater')}
          </Badge>
        </Tooltip>
      ) : null}
      {otherTime ? (
        <>
          <Badge color="yellow" variant="light" leftSection={<IconCameraExclamation size={12} />}>
            {t('answerView.photoOtherTime')}
          </Badge>
          {answer.photoTakenAt ? (
            <Text size="xs" c="dimmed">
              {t('answerView.photoOtherTimeHint', { time: time.dateTime(answer.photoTakenAt), minutes: formatNumber(PHOTO_TIME_MISMATCH_MINUTES, language) })}
            </Text>
          ) : null}
        </>
      ) : null}
      {answer.isFlagged ? (
        <Badge color="red" variant="light" leftSection={<IconFlag size={12} />}>
          {t('answerView.flagged')}
        </Badge>
      ) : null}
      {answer.ticketId !== null ? (
        <Anchor component={Link} to={paths.ticket(answer.ticketId)} size="sm">
          <Group gap={4} wrap="nowrap" component="span">
            <IconTicket size={14} />
            {t('answerView.ticket', { id: formatNumber(answer.ticketId, language) })}
          </Group>
        </Anchor>
      ) : null}
    </Group>
  );
}

/** A thumbnail that opens the photo (or the drawn signature) at full size. */
function AnswerPhoto({ url, actionName, signature }: { url: string; actionName: string; signature: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const alt = signature
    ? actionName
      ? t('answerView.signatureOf', { name: actionName })
      : t('answerView.signature')
    : actionName
      ? t('answerView.photoOf', { name: actionName })
      : t('answerView.photo');
  return (
    <>
      <UnstyledButton onClick={() => setOpen(true)} aria-label={t(signature ? 'answerView.openSignature' : 'answerView.openPhoto')} w={120}>
        <Image src={url} alt={alt} radius="sm" h={90} w={120} fit={signature ? 'contain' : 'cover'} bg={signature ? 'white' : undefined} />
      </UnstyledButton>
      <Modal opened={open} onClose={() => setOpen(false)} title={alt} size="auto" centered>
        <Stack gap="sm" align="center">
          <Image src={url} alt={alt} fit="contain" mah="75vh" maw="min(90vw, 1200px)" />
          <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
            {t('answerView.openOriginal')}
          </Anchor>
        </Stack>
      </Modal>
    </>
  );
}
