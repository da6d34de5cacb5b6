import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import { displayValue, fieldValue } from './list-request';
import type { DataTableColumn } from './types';

interface TableRowProps<T> {
  row: T;
  columns: DataTableColumn<T>[];
  href?: string;
  onActivate?: () => void;
}

const ONE_LINE: CSSProperties = { maxWidth: '20rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };
/** Clicks on these inside a row belong to them, not to the row. */
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"], [role="menuitem"], [role="switch"]';

function cellContent<T>(row: T, column: DataTableColumn<T>): { content: ReactNode; text?: string } {
  if (column.render) return { content: column.render(row) };
  const text = displayValue(fieldValue(row, column.field));
  return { content: text, text };
}

/**
 * One row. With `href` or `onActivate` the first cell holds a real link or button, which is what
 * the keyboard reaches (Enter follows it); a mouse click anywhere else on the row does the same.
 */
export function TableRow<T>({ row, columns, href, onActivate }: TableRowProps<T>) {
  const isInteractive = href !== undefined || onActivate !== undefined;
  const handleClick = (event: MouseEvent<HTMLTableRowElement>) => {
    const target = event.target as Element;
    // React bubbles events from portals (menus, modals) through the row: ignore those too.
    if (!event.currentTarget.contains(target) || target.closest(INTERACTIVE)) return;
    if (window.getSelection()?.toString()) return; // selecting text is not a click
    const first = event.currentTarget.querySelector<HTMLElement>('[data-row-action]');
    first?.click();
  };
  return (
    <Table.Tr onClick={isInteractive ? handleClick : undefined} style={isInteractive ? { cursor: 'pointer' } : undefined}>
      {columns.map((column, index) => {
        const { content, text } = cellContent(row, column);
        let inner = content;
        if (index === 0 && href !== undefined) {
          inner = (
            <Anchor component={Link} to={href} data-row-action fz="sm">
              {content}
            </Anchor>
          );
        } else if (index === 0 && onActivate) {
          inner = (
            <Anchor component="button" type="button" onClick={onActivate} data-row-action fz="sm" ta="left">
              {content}
            </Anchor>
          );
        }
        return (
          <Table.Td key={`${column.field}-${index}`}>
            {column.wrap ? inner : <div style={ONE_LINE} title={text}>{inner}</div>}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}
