// The empty state of each tracker tab, with its own words.
import type { ComponentType } from 'react';
import {
  IconCalendarTime,
  IconChecklist,
  IconCircleCheck,
  IconClockCheck,
  IconClockExclamation,
  IconFilePencil,
  IconHourglass,
  IconProgress,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import type { TrackerTab } from './tracker-view.ts';

const ICONS: Record<TrackerTab, ComponentType<{ size?: number }>> = {
  all: IconChecklist,
  done: IconCircleCheck,
  late: IconClockCheck,
  missed: IconClockExclamation,
  inProgress: IconProgress,
  pending: IconHourglass,
  draft: IconFilePencil,
  next: IconCalendarTime,
};

export function TrackerEmpty({ tab }: { tab: TrackerTab }) {
  const { t } = useTranslation();
  const Icon = ICONS[tab];
  return <EmptyState withCard icon={<Icon size={28} />} title={t(`tracker.empty.${tab}.title`)} description={t(`tracker.empty.${tab}.text`)} />;
}
