import { labelDate, labelPieces, labelWeight, type LabelData } from './label-data';

/**
 * ZPL II for Zebra printers at 203 dpi: a 4×6 label is 812×1218 dots (domain.md "Labels and
 * counters"). Field data goes through ^FH so that ^ and ~ in a name cannot start a command.
 */
const WIDTH = 812;
const HEIGHT = 1218;

/** `_` is the ^FH escape; ^ and ~ would be commands: all three travel as hex. */
export function zplText(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

const field = (x: number, y: number, height: number, text: string, width = WIDTH - 2 * x) =>
  // ^FB keeps long names on one line inside the label (clipped, never over the edge).
  `^FO${x},${y}^A0N,${height},${height}^FB${width},1,0,L,0^FH_^FD${zplText(text)}^FS`;

export function renderLabelZpl(label: LabelData): string {
  // Module width 3 dots fits a 16-character number across the label; longer courier codes get 2.
  const moduleWidth = label.packageNumber.length <= 16 ? 3 : 2;
  return [
    '^XA',
    '^CI28', // UTF-8 field data
    `^PW${WIDTH}`,
    `^LL${HEIGHT}`,
    '^LH0,0',
    field(40, 40, 40, label.courierName, 560),
    // The service reversed out of a black box.
    '^FO620,25^GB170,100,100^FS',
    `^FO620,45^A0N,70,70^FB170,1,0,C,0^FR^FH_^FD${zplText(label.service)}^FS`,
    '^FO30,140^GB752,4,4^FS',
    field(40, 170, 60, label.isUnknown ? `UNKNOWN: ${label.customerName || 'no name'}` : label.customerName),
    field(40, 250, 100, label.mailboxNumber || '-'),
    field(40, 370, 40, `Pickup: ${label.branchName}`),
    '^FO30,430^GB752,4,4^FS',
    // Code 128 of the package number, text printed underneath, automatic subset switching.
    `^FO60,470^BY${moduleWidth},3,220^BCN,220,Y,N,N,A^FH_^FD${zplText(label.packageNumber)}^FS`,
    '^FO30,760^GB752,4,4^FS',
    `^FO30,790^BQN,2,8^FH_^FDQA,${zplText(label.packageNumber)}^FS`,
    field(380, 800, 28, 'WEIGHT', 400),
    field(380, 835, 50, labelWeight(label.weight), 400),
    field(380, 900, 28, 'PIECES', 400),
    field(380, 935, 50, labelPieces(label), 400),
    field(380, 1000, 28, 'DATE', 400),
    field(380, 1035, 50, labelDate(label.receivedAt), 400),
    field(40, 1120, 26, 'CARRIER TRACKING'),
    field(40, 1152, 40, label.trackingNumber),
    '^XZ',
  ].join('\n');
}

/** Several labels are several ^XA…^XZ blocks in one file; the printer prints them in order. */
export function renderLabelsZpl(labels: readonly LabelData[]): string {
  return `${labels.map(renderLabelZpl).join('\n')}\n`;
}
