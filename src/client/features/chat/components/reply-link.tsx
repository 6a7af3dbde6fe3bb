import { ExternalLink } from 'lucide-react';
import { createContext, useContext, useState, type ComponentProps } from 'react';
import { chatText } from '#contract/chat-text.ts';
import { clientConfig } from '#client/config.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { linkHost, linkTrust, type LinkTrust } from '../logic/link-trust.ts';

/** Which addresses the replies on screen may link to without a warning; outside a conversation, this site's own only. */
export const LinkTrustContext = createContext<LinkTrust>(linkTrust([], typeof location === 'undefined' ? 'http://localhost' : location.origin));

const linkClass = 'font-medium text-primary underline underline-offset-2 hover:no-underline';

/**
 * A link in a reply. A trusted one opens in a new tab. Any other shows its real host beside its
 * words (a label can say "Corner Office login" and point anywhere) and asks before leaving.
 */
export function ReplyLink({ href = '', children, ...props }: ComponentProps<'a'>) {
  const isTrusted = useContext(LinkTrustContext);
  const [open, setOpen] = useState(false);
  if (isTrusted(href)) {
    return (
      <a className={linkClass} target="_blank" rel="noopener noreferrer" href={href} {...props}>
        {children}
      </a>
    );
  }
  const host = linkHost(href);
  const labelShowsHost = typeof children === 'string' && children.includes(host);
  return (
    <>
      <a
        className={linkClass}
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        data-untrusted-link=""
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        {...props}
      >
        {children}
        {labelShowsHost ? null : (
          <>
            {' '}
            <span className="text-[0.85em] font-normal text-muted-foreground">({host})</span>
          </>
        )}
      </a>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{chatText.externalLink.title(clientConfig.appName, host)}</DialogTitle>
            <DialogDescription>{chatText.externalLink.description}</DialogDescription>
          </DialogHeader>
          <p className="rounded-md bg-muted px-3 py-2 font-mono text-xs break-all" data-testid="external-link-address">
            {href}
          </p>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {chatText.externalLink.cancel}
            </Button>
            <Button asChild>
              <a href={href} target="_blank" rel="noopener noreferrer nofollow" onClick={() => setOpen(false)}>
                <ExternalLink aria-hidden />
                {chatText.externalLink.open}
              </a>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
