import type { ReactNode } from 'react';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
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
