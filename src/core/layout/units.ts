/** A row of the flattened epic list: 0 is the top row; its top edge is row × EPIC_ITEM_HEIGHT. */
declare const rowIndexBrand: unique symbol;
export type RowIndex = number & { readonly [rowIndexBrand]: true };

export const rowIndex = (value: number): RowIndex => value as RowIndex;
