/** Pins', boards' and sections' ids: the kit's one id generator (digits, roughly ordered by time). */
export { newId } from '@pinhive/kit';
