import { Button, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import type { ListRequest } from './list-request';
import type { DataTableColumn } from './types';
import { useExport } from './use-export';

interface ExportButtonsProps<T> {
  endpoint: string;
  request: ListRequest;
  columns: DataTableColumn<T>[];
  fileName: string;
}

export function ExportButtons<T>(props: ExportButtonsProps<T>) {
  const { progress, isExporting, run } = useExport(props);
  return (
    <>
      <Button variant="default" leftSection={<IconFileTypeCsv size={16} aria-hidden />} disabled={isExporting} onClick={() => void run('csv')}>
        Export CSV
      </Button>
      <Button variant="default" leftSection={<IconFileSpreadsheet size={16} aria-hidden />} disabled={isExporting} onClick={() => void run('xlsx')}>
        Export Excel
      </Button>
      {progress !== null ? (
        <Text size="sm" role="status">
          {`Exporting… ${progress} rows`}
        </Text>
      ) : null}
    </>
  );
}
