/** The follow-up goes to the whole table. */
export const WHOLE_TABLE = '__table__';
