import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { clearSession } from '../../lib/session';
import { useLanguage } from '../../lib/use-language';
import { logout } from './auth-api';

/** Revokes the token on the server (best effort), then ends the local session and goes to login. */
export function useLogout() {
  const navigate = useNavigate();
  const lng = useLanguage();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const run = async () => {
    setPending(true);
    try {
      await logout();
    } catch {
      // The token may already be invalid; the local session ends either way.
    } finally {
      clearSession();
      queryClient.clear();
      setPending(false);
      await navigate(`/${lng}/login`, { replace: true });
    }
  };
  return { logout: run, pending };
}
