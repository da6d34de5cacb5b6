import { useSearchParams } from 'react-router';

/** The ?ticket=NO of the ticket lists (spec section 2) and, for the super admin, ?courierId=. */
export function useTicketParam() {
  const [params, setParams] = useSearchParams();
  const ticketNo = params.get('ticket')?.trim() || null;
  const courierId = params.get('courierId')?.trim() || null;
  const open = (no: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('ticket', no);
      return next;
    });
  const close = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('ticket');
      next.delete('courierId');
      return next;
    }, { replace: true });
  return { ticketNo, courierId, open, close };
}
