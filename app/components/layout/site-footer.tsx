import { Link } from 'react-router'
import { footerLinks } from '../../../lib/nav'
import { formatAddress, site } from '../../../lib/site'
import { GitHubIcon, LinkedInIcon, YouTubeIcon, type IconProps } from '../ui/icons'

const socialIcons: Record<string, (p: IconProps) => React.ReactElement> = {
  LinkedIn: LinkedInIcon,
  GitHub: GitHubIcon,
  YouTube: YouTubeIcon,
}

/** The footer: policy pages, help pages and the company's three social profiles. */
export function SiteFooter({ inert }: { inert?: boolean }) {
  return (
    <footer inert={inert} className="border-t border-border bg-secondary-background">
      <div className="mx-auto grid max-w-[96rem] gap-6 px-5 py-8 text-sm md:grid-cols-[1fr_auto] md:items-start">
        <div>
          <p className="font-semibold text-text">{site.legalName}</p>
          <p className="mt-1 text-light">{formatAddress()}</p>
          <p className="mt-1">
            <a href={`mailto:${site.email}`} className="text-link">
              {site.email}
            </a>
          </p>
        </div>
        <div className="flex flex-col gap-4 md:items-end">
          <nav aria-label="Policies and help">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {footerLinks.map((link) => (
                <li key={link.href}>
                  <Link to={link.href} className="text-light underline-offset-4 hover:text-text hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <ul className="flex gap-2" aria-label="Social links">
            {site.social.map((s) => {
              const Icon = socialIcons[s.label]
              return (
                <li key={s.href}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${s.label} (opens in a new tab)`}
                    className="inline-flex items-center gap-1.5 rounded-md border border-border px-2.5 py-1.5 text-light no-underline hover:border-highlight hover:text-text"
                  >
                    {Icon ? <Icon size={16} /> : null}
                    <span>{s.label}</span>
                  </a>
                </li>
              )
            })}
          </ul>
        </div>
      </div>
    </footer>
  )
}
