/** The workspace and the cluster's replies of the multi-file review's UI test. */

export const ASK = 'Give items a quantity (ui review).';
export const ASK_HUNKS = 'Count in cents and round the total (ui review in editor).';
export const ASK_DOUBT = 'Log each item (ui review with a doubtful block).';

export const CART = `export interface Item {
  readonly price: number;
  readonly quantity: number;
}

export function total(items: readonly Item[]): number {
  let sum = 0;
  for (const item of items) {
    sum += item.price;
  }
  return sum;
}

export function count(items: readonly Item[]): number {
  return items.length;
}
`;
export const CART_TEST = `import { total } from './cart';
console.assert(total([{ price: 2, quantity: 3 }]) === 2);
`;
export const DISCOUNT = `export function discount(total: number): number {
  return total > 100 ? total * 0.9 : total;
}
`;

/** Changes two files (one by a partial block with markers, one whole), creates a third, and names one outside. */
export const REPLY = [
  'Multiply by the quantity:',
  '',
  '```ts src/cart.ts',
  '// ...existing code...',
  'export function total(items: readonly Item[]): number {',
  '  let sum = 0;',
  '  for (const item of items) {',
  '    sum += item.price * item.quantity;',
  '  }',
  '  return sum;',
  '}',
  '// ...existing code...',
  '```',
  '',
  '```ts',
  '// filepath: src/cart.test.ts',
  "import { total } from './cart';",
  'console.assert(total([{ price: 2, quantity: 3 }]) === 6);',
  '```',
  '',
  '### src/discount.ts',
  '',
  '```ts',
  DISCOUNT.trimEnd(),
  '```',
  '',
  '```ts ../outside.ts',
  'export const outside = true;',
  '```',
].join('\n');

/** Two hunks in src/cart.ts, and a new file beside it, so the review stays open once cart.ts leaves it. */
export const HUNKS_REPLY = [
  'In cents:',
  '',
  '```ts src/cart.ts',
  CART.replace('  let sum = 0;', '  let sum = 0; // cents').replace('  return sum;', '  return Math.round(sum);').trimEnd(),
  '```',
  '',
  '```ts src/cents.ts',
  'export const CENTS = 100;',
  '```',
].join('\n');

/** A block whose kept line is not in src/cart.ts: where its new line goes is not certain. */
export const DOUBT_REPLY = [
  'Log them:',
  '',
  '```ts src/cart.ts',
  '// ...existing code...',
  '  for (const entry of entries) {',
  '    console.log(entry);',
  '// ...existing code...',
  '```',
].join('\n');
