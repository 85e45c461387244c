import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearCart } from './cart/cart-store';
import { replySchema, requestJson } from './api';
import { CURRENT_USER_QUERY_KEY } from './session';
import { toast } from './toast';

/**
 * Sign Out (docs/accounts-and-roles.md#sessions): POST /api/logout, clear the cart, forget the user, toast
 * 'Logged out' and go to /auth (or, with `stayOnPage`, stay: the invitation page, whose link must not be
 * lost); a failure toasts 'Logout failed' and keeps the session as it is.
 */
export function useSignOut({ stayOnPage = false }: { stayOnPage?: boolean } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () =>
      requestJson(
        '/api/logout',
        replySchema((s) => s.anyReplySchema),
        { method: 'POST' },
      ),
    onSuccess: () => {
      clearCart();
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
      // Another person may sign in on this browser next: drop everything that belonged to this user.
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== 'config' && query.queryKey[0] !== 'user',
      });
      toast.success('Logged out');
      if (!stayOnPage) void navigate('/auth', { replace: true });
    },
    onError: () => {
      toast.error('Logout failed');
    },
  });
}
