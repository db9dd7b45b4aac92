import { PRODUCT_NAME } from '../brand'
import type { ToastInput } from '../toast'

/** Toasts of product-spec §8 for accounts. */
export const AUTH_TOASTS = {
  signUpSuccess: { title: 'Account Created Successfully!', description: `Welcome to ${PRODUCT_NAME}. You can now search specifications.` },
  signInSuccess: { title: 'Welcome Back!', description: `Successfully signed in to ${PRODUCT_NAME}.` },
  guestSuccess: { title: 'Guest Mode Activated', description: 'You have 3 free searches. Create an account for unlimited access.' },
  signOutSuccess: { title: 'Signed Out', description: 'Successfully signed out.' },
  signOutFailed: { title: 'Sign Out Failed', description: 'There was an error signing out. Please try again.', variant: 'destructive' },
} satisfies Record<string, ToastInput>

export const SIGN_UP_FAILED = 'Sign Up Failed'
export const SIGN_IN_FAILED = 'Sign In Failed'
export const SIGN_UP_FALLBACK = 'Please check your information and try again.'
export const SIGN_IN_FALLBACK = 'Please check your credentials and try again.'
export const GUEST_FAILED = 'Error'
export const GUEST_FALLBACK = 'Failed to start guest mode.'
