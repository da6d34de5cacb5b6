// pg's own value conversion for bound parameters (Dates, arrays, objects, Buffers), used by
// db/statement-then-commit.ts so its values are sent exactly as pg's Query sends them.
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): unknown };
  export default utils;
}
