import { useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { RuntimeContext } from '../RuntimeContext';

/** Props of {@link LazySection}. */
export interface LazySectionProps {
  /** Mount at once (the first section, or when IntersectionObserver is missing). */
  eager: boolean;
  /** Height reserved before mounting, so the page does not jump. */
  estimatedHeight: number;
  children: ReactNode;
}

/** Mounts its children when they come near the viewport (200px ahead), then keeps them mounted. */
export function LazySection({ eager, estimatedHeight, children }: LazySectionProps) {
  // A server render (no IntersectionObserver) mounts every section, and so does the browser's render of it.
  const hydrating = useContext(RuntimeContext)?.hydrating === true;
  const [mounted, setMounted] = useState(eager || hydrating || typeof IntersectionObserver === 'undefined');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (mounted || !ref.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setMounted(true);
    }, { rootMargin: '200px 0px' });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [mounted]);
  if (mounted) return <>{children}</>;
  return <div ref={ref} style={{ minHeight: estimatedHeight }} aria-hidden="true" />;
}
