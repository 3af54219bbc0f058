/** What a schema offers a parser: zod/mini's safeParse, seen from outside. */
interface MessageSchema<Parsed> {
  safeParse(raw: unknown): { readonly success: true; readonly data: Parsed } | { readonly success: false };
}

/** `T` with every array and object read-only, as the protocols hand their messages around. */
export type Immutable<T> = T extends readonly (infer Item)[]
  ? readonly Immutable<Item>[]
  : T extends object
    ? { readonly [Key in keyof T]: Immutable<T[Key]> }
    : T;

/**
 * The parse function of a webview protocol whose message type is the schema's own (declared once,
 * as the schema): the message when the schema accepts it, else undefined.
 */
export function schemaParser<Parsed>(schema: MessageSchema<Parsed>): (raw: unknown) => Immutable<Parsed> | undefined {
  return (raw) => {
    const parsed = schema.safeParse(raw);
    return parsed.success ? (parsed.data as Immutable<Parsed>) : undefined;
  };
}
