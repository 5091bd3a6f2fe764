/** Shown instead of the app when it cannot start (bad configuration, storage unavailable). */
export function StartupErrorScreen({
  configuration,
  problems,
}: {
  configuration: boolean;
  problems: readonly string[];
}) {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 px-6 py-12">
      <h1 className="text-2xl font-bold">
        {configuration ? 'RepairMate is not configured correctly' : 'RepairMate could not start'}
      </h1>
      <p className="text-slate-600">
        {configuration
          ? 'Fix these settings (environment variables at build time) and build again:'
          : 'Something stopped the app from starting. Reload the page; if it happens again, contact support.'}
      </p>
      <ul
        className="list-disc space-y-1 rounded-lg bg-red-50 p-4 pl-8 text-sm text-red-800 ring-1 ring-red-200"
        role="alert"
      >
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </main>
  );
}
