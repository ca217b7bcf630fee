import { SegmentedControl, Stack, Text } from '@mantine/core';
import { CSV_ENCODINGS, CSV_ENCODING_LABELS, type TCsvEncoding } from '@cloudsign/contract';

/**
 * The CSV's 文字コード (Shift_JIS for Excel, or UTF-8 with BOM), the one choice every upload and download
 * offers. With `heading` it names itself above the control (and to screen readers by that name).
 */
export function EncodingChoice({
  value,
  onChange,
  heading,
}: {
  value: TCsvEncoding;
  onChange: (v: TCsvEncoding) => void;
  heading?: string;
}) {
  const control = (
    <SegmentedControl
      value={value}
      onChange={(v) => onChange(v as TCsvEncoding)}
      data={CSV_ENCODINGS.map((e) => ({ value: e, label: CSV_ENCODING_LABELS[e] }))}
      aria-label={heading ?? '文字コード'}
    />
  );
  if (!heading) return control;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {heading}
      </Text>
      {control}
    </Stack>
  );
}
