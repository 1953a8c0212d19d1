/** 'Clear All Data' (SPEC.md section 5): the question the screen asks, and the answer it sends once agreed. */
export const CLEAR_ALL_QUESTION = 'Are you sure you want to delete ALL existing orders? This cannot be undone.'
export const CLEAR_ALL_CONFIRMATION = 'DELETE ALL ORDERS'
