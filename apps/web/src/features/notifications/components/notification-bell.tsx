// The bell in the header: the unread count (kept current by the event stream), and a popover with
// the newest entries (bell-panel.tsx, fetched when the bell is first opened). Its name says the
// count in words, and a count that grows is said once, politely, to screen readers. The stream
// opens a moment after the page has loaded, outside the first screen's requests.
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { ActionIcon, Indicator, Popover, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../../components/error-boundary.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useUnreadCountQuery } from '../api/get-unread-count.ts';
import { useUnreadStream } from '../api/use-unread-stream.ts';

const BellPanel = lazy(async () => ({ default: (await import('./bell-panel.tsx')).BellPanel }));

/** What the badge shows: the count, up to 99. */
const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

export function NotificationBell() {
  const { t } = useTranslation();
  const titleId = useId();
  const [opened, setOpened] = useState(false);
  const live = useUnreadStream();
  const count = useUnreadCountQuery(live === 'live').data ?? 0;

  // A count that grows while the person is here is said; the first figure is not news.
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (seen.current !== null && count > seen.current) setAnnouncement(t('notifications.arrived', { count }));
    seen.current = count;
  }, [count, t]);

  const close = () => setOpened(false);

  return (
    <>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={380} shadow="md" trapFocus returnFocus withinPortal>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('notifications.bellLabel', { count })} onClick={() => setOpened((open) => !open)}>
            <Indicator label={badgeText(count)} disabled={count === 0} size={16} color="red" offset={2} inline>
              <IconBell size={22} stroke={1.7} aria-hidden />
            </Indicator>
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} aria-labelledby={titleId} maw="calc(100vw - 16px)">
          {/* The list's code failing to arrive (offline before the app was kept) shows in the popover. */}
          <ErrorBoundary fullScreen={false}>
            <Suspense fallback={<LoadingState minHeight={160} />}>
              <BellPanel titleId={titleId} count={count} onClose={close} />
            </Suspense>
          </ErrorBoundary>
        </Popover.Dropdown>
      </Popover>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </>
  );
}
