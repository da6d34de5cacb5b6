import { Text, type TextProps } from '@mantine/core';

interface MultilineTextProps extends TextProps {
  text: string | null | undefined;
  /** Shown when the text has no visible line. */
  empty?: string;
}

/** Free text typed with line breaks (bank details), each line on its own line as customers see it. */
export function MultilineText({ text, empty, ...props }: MultilineTextProps) {
  const lines = (text ?? '').split(/\r?\n/).map((line) => line.trimEnd());
  if (!lines.some((line) => line.trim())) return empty ? <Text c="dimmed" {...props}>{empty}</Text> : null;
  return (
    <Text component="div" {...props}>
      {lines.map((line, index) => (
        // A blank line keeps its height so paragraphs stay apart.
        <div key={index}>{line || '\u00a0'}</div>
      ))}
    </Text>
  );
}
