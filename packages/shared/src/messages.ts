// The specification's message texts (spec §5, §7, §8), kept in English exactly as written.
// The server answers with these as `message`; the web client translates them by key.
import { MEMBER_SEARCH_MIN_LENGTH } from './limits.ts';

export const MSG = {
  // validation
  required: 'This field is required',
  invalid: 'Invalid data',
  nameInvalid: 'Name is invalid, Should start with a letter not a number',
  profileNameRequired: 'Profile name is required',
  emailInvalid: 'Email is invalid',
  usernameInvalid: 'Username must be 3 to 50 letters, digits, dots, dashes or underscores, starting with a letter',
  passwordTooShort: 'Password must be at least 8 characters',
  usernameTaken: 'Username is already in use',
  emailTaken: 'Email is already in use',
  timeZoneInvalid: 'Time zone is invalid',
  colourInvalid: 'Colour must be a hex colour such as #1c7ed6',
  industryNotFound: 'Industry not found',
  // sign-in, onboarding, activation
  usernameOrPasswordMissing: 'Username or Password is missing',
  invalidCredentials: 'Invalid username or password',
  accountNotActivated: 'Your account is not activated yet',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  onboardingFailed: 'Failed to complete onboarding, please try again',
  alreadyHasBusiness: 'You already have a business',
  activationKeyMissing: 'Activation key is missing',
  activationKeyNotFound: 'Activation key not found',
  noBusiness: "You don't have any business",
  // access and errors
  authenticationFailed: 'Authentication failed',
  accessDenied: 'Access denied. Contact support if needed.',
  notFound: 'Page not found. Please try again.',
  serverError: "We're fixing an issue. Try again later.",
  invalidFile: 'Invalid file in attachments.',
  fileTooLarge: 'Each file must be under 10MB',
  fileMissing: 'A file is required',
  userNotFound: 'User not found',
  businessNotFound: 'Business not found',
  // projects, sites, members and transfers
  websiteInvalid: 'Website must be a valid web address',
  coordinatesIncomplete: 'Latitude and longitude go together: give both or neither',
  projectNotFound: 'Project not found',
  projectTypeNotFound: 'Project type not found',
  projectHasSites: 'This project still has sites. Move or delete them first.',
  siteNotFound: 'Site not found',
  siteTypeNotFound: 'Site type not found',
  selectUser: 'Select at least one user',
  selectSite: 'Select at least one site',
  duplicateMembers: 'Each member can be listed only once',
  duplicateSites: 'Each site can be listed only once',
  memberSearchTooShort: `Member search needs at least ${MEMBER_SEARCH_MIN_LENGTH} characters`,
  memberNotInSite: 'This member is not in the site',
  memberAlreadyInSite: 'This member is already in the target site',
  sameSite: 'Choose a different site to transfer to',
  siteNotInProject: 'The site is not in this project',
  sameProject: 'The site is already in this project',
  executionPlanNotFound: 'Execution plan not found',
  ownerRoleFixed: "The owner's role cannot be changed",
  ownerCannotBeGiven: 'Ownership cannot be given to a member',
  onlyOwnerManagesAdmins: 'Only the owner can make, change or remove administrators',
  cannotRemoveOwner: 'The owner cannot be removed from the business',
  cannotRemoveSelf: 'You cannot remove yourself from the business',
  // success
  userUpdated: 'User updated successfully',
  changesSaved: 'Changes saved successfully!',
} as const;
export type MessageKey = keyof typeof MSG;

/** Texts for a failed call by HTTP status (spec §8). */
export const STATUS_MESSAGES: Record<number, string> = {
  400: 'Something went wrong. Please try again.',
  401: 'Please log in to continue.',
  403: 'Access denied. Contact support if needed.',
  404: 'Page not found. Please try again.',
  500: "We're fixing an issue. Try again later.",
  502: 'Connection issue. Please try again soon.',
  503: 'Service unavailable. Check back shortly.',
  504: 'Request timed out. Try again soon.',
};
export const UNEXPECTED_ERROR = 'Unexpected error';
export const NETWORK_ERROR = 'Network error: Please check your internet connection';

export const minMessage = (min: number) => `This must be at least ${min}`;
export const maxMessage = (max: number) => `This must be at most ${max}`;
