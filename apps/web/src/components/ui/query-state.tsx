import type { ReactNode } from 'react';
import { Alert, Button, Card, Skeleton, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** What failed to load, for the message ("the branch"). */
  what: string;
  /** Skeleton rows while loading. */
  rows?: number;
  children: (data: T) => ReactNode;
}

/** A screen's loading skeleton, its load error with a retry, or its content. */
export function QueryState<T>({ query, what, rows = 4, children }: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={`Loading ${what}`}>
        {Array.from({ length: rows }, (_, index) => <Skeleton key={index} height={36} />)}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={`Could not load ${what}`}>
        <Stack gap="xs" align="flex-start">
          {errorMessage(query.error, 'Please try again.')}
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}

interface QuerySectionProps<T> extends QueryStateProps<T> {
  /** The heading's id stem: the section is labelled by `${id}-heading`. */
  id: string;
  title: string;
}

/** A titled card section whose content waits on one query (the settings tabs' sections). */
export function QuerySection<T>({ id, title, ...state }: QuerySectionProps<T>) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`${id}-heading`}>
      <Title order={2} size="h4" mb="md" id={`${id}-heading`}>
        {title}
      </Title>
      <QueryState {...state} />
    </Card>
  );
}
