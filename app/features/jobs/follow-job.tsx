import { useJobAction } from './use-job-action'
import { StatusMessage } from '../../components/portal/status-message'
import { secondaryButtonClass } from '../../components/portal/styles'

/**
 * Whether mail about the job comes to this member of the client company: the requester, the owners
 * and the approvers follow a job unless they stop; anyone else in the company may follow it.
 */
export function FollowJob({ following }: { following: boolean }) {
  const follow = useJobAction('set-following', 'Saved')
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <p data-testid="following">{following ? 'Mail about this job comes to you.' : 'You get no mail about this job.'}</p>
      <follow.fetcher.Form method="post">
        <input type="hidden" name="intent" value="set-following" />
        <input type="hidden" name="following" value={following ? 'false' : 'true'} />
        <button type="submit" className={secondaryButtonClass} disabled={follow.busy}>
          {following ? 'Stop following' : 'Follow this job'}
        </button>
      </follow.fetcher.Form>
      <StatusMessage status={follow.status} testId="following-status" />
    </div>
  )
}
