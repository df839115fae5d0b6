/** Labels of the account screens (the spec's fixed texts come from @safarsaathi/contracts). */
export const ACCOUNT_TEXT = {
  quickActions: 'Quick Actions',
  companionTitle: 'Companion Service',
  companionSubtitle: 'Find travel companions for elderly or solo travelers',
  travelPlansTitle: 'Travel Plans',
  travelPlansSubtitle: 'Keep your flights in one place and say whether you need or can offer help',
  notifications: 'Notifications',
  markAllRead: 'Mark all read',
  noNotifications: 'No notifications yet',
  helpButton: 'Help and support',
  createCaseTitle: 'Create a Case',
  caseSubmittedTitle: 'Case Submitted',
  deleteProfile: 'Delete Profile',
  deleteConfirmTitle: 'Delete your profile?',
  deleteConfirmText:
    'Are you sure you want to delete your profile? Your active requests become inactive. This action cannot be undone.',
} as const;

export const HELP_PREFERENCE_LABELS = {
  need_help: 'I need help',
  want_to_help: 'I want to help',
} as const;
