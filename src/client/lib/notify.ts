import { toast } from 'sonner';

export interface Notice {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
}

/**
 * The one way features show a notice. The Toaster (app/providers.tsx) shows one at a time and
 * removes each 3000 ms after it is dismissed or times out (spec section 8).
 */
export function notify({ title, description, variant = 'default' }: Notice): void {
  const show = variant === 'destructive' ? toast.error : variant === 'success' ? toast.success : toast;
  show(title, { description });
}
