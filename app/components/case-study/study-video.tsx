import type { StudyVideo as StudyVideoData } from '../../../content/examples/types'

/** An embedded clip: controls, looping and muted; it downloads only when played. */
export function StudyVideo({ video }: { video: StudyVideoData }) {
  return (
    <figure className="my-6">
      <video
        className="w-full rounded-md border border-(--color-border) bg-black"
        style={{ aspectRatio: `${video.width} / ${video.height}` }}
        width={video.width}
        height={video.height}
        poster={video.poster}
        controls
        loop
        muted
        playsInline
        preload="none"
        aria-label={video.caption}
      >
        <source src={video.src} type="video/mp4" />
      </video>
      <figcaption className="mt-2 text-sm text-(--color-light)">
        <span className="font-semibold">Video. </span>
        {video.caption} {video.description}
      </figcaption>
    </figure>
  )
}
