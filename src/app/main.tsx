import './no-eval';
import '../ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../ui/app';
import { StartupErrorScreen } from '../ui/pages/startup-error-screen';
import { ConfigError, parseAppConfig } from './config';
import { createAppContainer } from './create-container';
import { resolveServices } from './resolve-services';

/** Validates the configuration, builds the configured backend's container, and mounts the UI. */
async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  try {
    const config = parseAppConfig(import.meta.env);
    document.title = config.productName;
    const container = await createAppContainer(config, {
      resetPasswordUrl: `${window.location.origin}/reset-password`,
    });
    const services = await resolveServices(container, config);
    root.render(
      <StrictMode>
        <App services={services} />
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    const problems =
      error instanceof ConfigError
        ? error.problems
        : [error instanceof Error ? error.message : String(error)];
    root.render(<StartupErrorScreen configuration={error instanceof ConfigError} problems={problems} />);
  }
}

void start();
