// The charts, fetched the first time one is drawn; a skeleton of the chart's size stands in.
import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { CompletionChartProps, LoadChartProps } from './charts.tsx';

const CompletionChartLazy = lazy(async () => ({ default: (await import('./charts.tsx')).CompletionChart }));
const LoadChartLazy = lazy(async () => ({ default: (await import('./charts.tsx')).LoadChart }));

export function LazyCompletionChart(props: CompletionChartProps) {
  return (
    <Suspense fallback={<Skeleton h={260} radius="sm" />}>
      <CompletionChartLazy {...props} />
    </Suspense>
  );
}

export function LazyLoadChart(props: LoadChartProps) {
  return (
    <Suspense fallback={<Skeleton h={Math.max(140, props.items.length * 34 + 70)} radius="sm" />}>
      <LoadChartLazy {...props} />
    </Suspense>
  );
}
