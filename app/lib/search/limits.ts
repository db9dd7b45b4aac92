/** Guest searches (product-spec §9). Shared by the server's quota and the UI's counters. */
export const GUEST_SEARCH_LIMIT = 3
