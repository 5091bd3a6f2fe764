import { expect } from 'vitest';
import { AuthError, type AuthErrorCode, PortError, type PortErrorCode } from '../../src/ports/errors';
import { rejectionOf } from './fixtures';

export async function expectPortError(
  action: Promise<unknown>,
  ...codes: PortErrorCode[]
): Promise<PortError> {
  const error = await rejectionOf(action);
  expect(error).toBeInstanceOf(PortError);
  expect(codes).toContain((error as PortError).code);
  return error as PortError;
}

export async function expectAuthError(
  action: Promise<unknown>,
  ...codes: AuthErrorCode[]
): Promise<AuthError> {
  const error = await rejectionOf(action);
  expect(error).toBeInstanceOf(AuthError);
  expect(codes).toContain((error as AuthError).code);
  return error as AuthError;
}
