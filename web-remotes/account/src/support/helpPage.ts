/** `?case=<id>` opens one case on the help page (HELP_SUPPORT_PAGE): a support_reply notice's link. */
export const CASE_PARAM = 'case';
